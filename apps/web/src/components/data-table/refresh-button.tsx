import { RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { esDataTable as t } from '../../strings/es-data-table';
import { cn } from '../../utils/cn';
import { Button } from '../ui/button';

/** Spec §9: a table's refresh runs at most once every 3 s. */
export const REFRESH_THROTTLE_MS = 3000;

type RefreshButtonProps = {
  onRefresh: () => void;
  /** Injected clock for the throttle (tests). */
  now?: () => number;
};

/** 'Actualizar' beside a table's title; a click within 3 s of the last one does nothing. */
export function RefreshButton({ onRefresh, now = Date.now }: RefreshButtonProps) {
  const last = useRef<number | null>(null);
  const [throttled, setThrottled] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      // aria-disabled, not disabled: the button stays focusable and says why in its title.
      aria-disabled={throttled}
      title={throttled ? t.refreshThrottled : undefined}
      onClick={() => {
        const at = now();
        if (last.current !== null && at - last.current < REFRESH_THROTTLE_MS) return;
        last.current = at;
        setThrottled(true);
        setTimeout(() => setThrottled(false), REFRESH_THROTTLE_MS);
        onRefresh();
      }}
      className={cn(throttled && 'opacity-60')}
    >
      <RefreshCw aria-hidden="true" className="h-4 w-4" />
      {t.refresh}
    </Button>
  );
}
