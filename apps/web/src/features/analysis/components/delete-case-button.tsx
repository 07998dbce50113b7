import type { CaseSummary } from '@holgura/contracts';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { ApiClientError } from '../../../lib/api-client';
import { es } from '../../../strings/es';
import { deleteCase } from '../api/cases';

const t = es.analysis.cases;

type DeleteCaseButtonProps = {
  item: CaseSummary;
  /**
   * The case is gone: the screen updates its list and selection, and moves focus (this button
   * goes with the case).
   */
  onDeleted: (caseId: string) => void;
};

/**
 * 'Eliminar caso' (issue #16): a confirmation that says what goes, then DELETE /api/cases/{id}.
 * A refusal (a demo case, a case of a study: the API names the study) is said in the dialog.
 */
export function DeleteCaseButton({ item, onDeleted }: DeleteCaseButtonProps) {
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);

  if (item.isDemo) return null;

  const confirm = async () => {
    setDeleting(true);
    setError(null);
    try {
      await deleteCase(item.caseId);
      setDeleted(true);
      setOpen(false);
      toast.success(t.deleted, { description: item.caseName });
      onDeleted(item.caseId);
    } catch (failure) {
      setError(
        failure instanceof ApiClientError ? failure.message : es.analysis.upload.unknownError,
      );
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (deleting) return;
        setOpen(next);
        if (next) setError(null);
      }}
    >
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        {t.delete}
      </Button>
      <DialogContent
        title={t.deleteTitle}
        description={t.deleteBody(item.caseName)}
        closeLabel={t.deleteClose}
        onCloseAutoFocus={(event) => {
          if (deleted) event.preventDefault();
        }}
      >
        {error !== null && (
          <Notice tone="error" title={t.deleteFailed} className="mb-4">
            {error}
          </Notice>
        )}
        <div className="flex justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline" disabled={deleting}>
              {t.deleteCancel}
            </Button>
          </DialogClose>
          <Button
            className="bg-red-700 hover:bg-red-800"
            disabled={deleting}
            aria-busy={deleting}
            onClick={() => void confirm()}
          >
            {deleting ? t.deleting : t.deleteConfirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
