import type { StudyListItem } from '@holgura/contracts';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { esStudies } from '../../../strings/es-studies';

const t = esStudies.list.deleteDialog;

type DeleteStudyDialogProps = {
  study: StudyListItem | null;
  deleting: boolean;
  onConfirm: (study: StudyListItem) => void;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the row it came from may be gone). */
  onCloseAutoFocus: (event: Event) => void;
};

/** «Borrar estudio»: says what goes (every version, case and result) before it goes. */
export function DeleteStudyDialog({
  study,
  deleting,
  onConfirm,
  onClose,
  onCloseAutoFocus,
}: DeleteStudyDialogProps) {
  return (
    <Dialog open={study !== null} onOpenChange={(open) => !open && !deleting && onClose()}>
      {study !== null && (
        <DialogContent
          title={t.title}
          description={t.body(study.name)}
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
              onClick={() => onConfirm(study)}
            >
              {deleting ? t.deleting : t.confirm}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
