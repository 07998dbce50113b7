import { Plus, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/** Removes a whole group (a scenario, a project), its name written out. */
export function RemoveGroupButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="text-red-800 hover:bg-red-50 hover:text-red-900"
      onClick={onClick}
    >
      <X aria-hidden="true" className="h-4 w-4" />
      {label}
    </Button>
  );
}

/** An icon button that removes a row, named for screen readers. */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" className="self-end" aria-label={label} onClick={onClick}>
      <X aria-hidden="true" className="h-4 w-4" />
    </Button>
  );
}

export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {label}
    </Button>
  );
}
