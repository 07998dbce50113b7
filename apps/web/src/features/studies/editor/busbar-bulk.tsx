import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { esStudies } from '../../../strings/es-studies';
import { cn } from '../../../utils/cn';
import { formatInteger, formatNumber } from '../../../utils/format';
import { busesAtOrAbove, parseBusList, splitKnown, type BusCatalog } from '../model/bus-catalog';
import { parseDecimal } from '../model/decimal';
import { inputClasses } from './fields';

const t = esStudies.busbars;

type BusbarBulkProps = {
  catalog: BusCatalog;
  /** Adds buses; answers how many were new. */
  onAdd: (numbers: readonly number[]) => number;
  onMessage: (message: string) => void;
};

/** «Todas las barras de N kV o más» and a pasted list (unknown numbers reported, not added). */
export function BusbarBulk({ catalog, onAdd, onMessage }: BusbarBulkProps) {
  const [minKv, setMinKv] = useState('');
  const [pasted, setPasted] = useState('');
  const ids = { kv: useId(), paste: useId(), pasteHint: useId() };
  const kv = parseDecimal(minKv);
  const kvValid = kv !== undefined && !Number.isNaN(kv) && kv >= 0;

  const chooseAbove = () => {
    if (!kvValid) return onMessage(t.chooseAboveInvalid);
    const added = onAdd(busesAtOrAbove(catalog, kv));
    onMessage(t.addedAbove(formatInteger(added), formatNumber(kv, 1)));
  };

  const addPasted = () => {
    const { numbers, invalid } = parseBusList(pasted);
    const { known, unknown } = splitKnown(catalog, numbers);
    const added = onAdd(known);
    const parts = [t.addedPasted(formatInteger(added))];
    if (known.length > added) parts.push(t.alreadyChosen(formatInteger(known.length - added)));
    if (unknown.length > 0) parts.push(t.unknown(unknown.join(', ')));
    if (invalid.length > 0) parts.push(t.notNumbers(invalid.join(', ')));
    onMessage(parts.join(' '));
  };

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="space-y-2 rounded-xl border border-slate-200 p-4">
        <label htmlFor={ids.kv} className="block text-sm font-medium text-slate-800">
          {t.minKv}
        </label>
        <input
          id={ids.kv}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={minKv}
          onChange={(event) => setMinKv(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            // Enter chooses the buses; it must not submit the study form.
            event.preventDefault();
            chooseAbove();
          }}
          className={cn(inputClasses, 'h-10 max-w-40')}
        />
        <Button variant="outline" size="sm" onClick={chooseAbove}>
          {t.chooseAbove(kvValid ? formatNumber(kv, 1) : 'N')}
        </Button>
      </div>
      <div className="space-y-2 rounded-xl border border-slate-200 p-4">
        <label htmlFor={ids.paste} className="block text-sm font-medium text-slate-800">
          {t.paste}
        </label>
        <textarea
          id={ids.paste}
          rows={3}
          value={pasted}
          aria-describedby={ids.pasteHint}
          onChange={(event) => setPasted(event.target.value)}
          className={cn(inputClasses, 'py-2 font-mono')}
        />
        <p id={ids.pasteHint} className="text-xs text-slate-600">
          {t.pasteHint}
        </p>
        <Button variant="outline" size="sm" onClick={addPasted} disabled={pasted.trim() === ''}>
          {t.addPasted}
        </Button>
      </div>
    </div>
  );
}
