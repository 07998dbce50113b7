import { LoaderCircle, UploadCloud } from 'lucide-react';
import { useId, type Ref } from 'react';
import { buttonClasses, type ButtonVariant } from '../../../components/ui/button';
import { cn } from '../../../utils/cn';

/**
 * A file input that looks like a button: its visible text is its label, it is a tab stop (the
 * input, visually hidden, takes the focus and the frame shows the ring) and it is disabled, with
 * a spinner, while `busy`.
 */
export function FilePicker({
  label,
  accept,
  busy = false,
  disabled = false,
  describedBy,
  variant = 'primary',
  inputRef,
  onFile,
}: {
  label: string;
  accept: string;
  busy?: boolean;
  disabled?: boolean;
  describedBy?: string;
  variant?: ButtonVariant;
  inputRef?: Ref<HTMLInputElement>;
  onFile: (file: File, input: HTMLInputElement) => void;
}) {
  const id = useId();
  const off = busy || disabled;
  return (
    <label
      htmlFor={id}
      className={cn(
        buttonClasses(variant, 'sm'),
        'cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 has-[:focus-visible]:ring-offset-2',
        off && 'pointer-events-none border-transparent bg-slate-300 text-slate-700 shadow-none',
      )}
    >
      {busy ? (
        <LoaderCircle
          aria-hidden="true"
          className="h-4 w-4 animate-spin motion-reduce:animate-none"
        />
      ) : (
        <UploadCloud aria-hidden="true" className="h-4 w-4" />
      )}
      {label}
      <input
        id={id}
        ref={inputRef}
        type="file"
        accept={accept}
        aria-label={label}
        aria-describedby={describedBy}
        disabled={off}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file !== undefined) onFile(file, event.target);
        }}
      />
    </label>
  );
}
