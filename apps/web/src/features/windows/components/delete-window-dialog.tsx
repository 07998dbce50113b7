import type { WindowSummary } from '@holgura/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { esWindows } from '../../../strings/es-windows';

const t = esWindows.list.deleteDialog;

type DeleteWindowDialogProps = {
  item: Pick<WindowSummary, 'windowId' | 'name'> | null;
  deleting: boolean;
  onConfirm: (windowId: string) => void;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the row it came from may be gone). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** «Borrar ventana»: says what goes (its requests and awards, not the case) before it goes. */
export function DeleteWindowDialog({
  item,
  deleting,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: DeleteWindowDialogProps) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && !deleting && onClose()}>
      {item !== null && (
        <DialogContent
          title={t.title}
          description={t.body(item.name)}
          closeLabel={t.close}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <div className="flex justify-end gap-3">
            <DialogClose asChild>
              <Button variant="outline" disabled={deleting}>
                {t.cancel}
              </Button>
            </DialogClose>
            <Button
              className="bg-red-700 hover:bg-red-800"
              disabled={deleting}
              aria-busy={deleting}
              onClick={() => onConfirm(item.windowId)}
            >
              {deleting ? t.deleting : t.confirm}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
