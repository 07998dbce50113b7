import { Button } from '../../../components/ui/button';
import { es } from '../../../strings/es';
import { esResultsGenerators } from '../../../strings/es-results-generators';
import { cn } from '../../../utils/cn';
import { formatFixed, formatMw } from '../../../utils/format';
import type { ResultCard } from '../model';

const t = es.resultsDemo.results.cards;
const tg = esResultsGenerators;

/** Spec §3 case result card: barra, capacidad, elemento limitante, contingencia, escenario, año, condición. */
export function ResultCardView({
  card,
  selected = false,
  onSelect,
}: {
  card: ResultCard;
  selected?: boolean;
  /** Shows this case in the generator chart; absent: the card offers no selection. */
  onSelect?: () => void;
}) {
  const titleId = `tarjeta-${card.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col rounded-xl border bg-white p-4 shadow-sm',
        selected ? 'border-sky-600 ring-2 ring-sky-600' : 'border-slate-200',
      )}
      data-testid="result-card"
    >
      <h3 id={titleId} className="font-semibold text-slate-900">
        <span className="sr-only">{t.barra}: </span>
        {card.barraEtiqueta}
        <span className="ml-2 text-xs font-medium text-slate-500">{card.caseName}</span>
      </h3>
      <p className="mt-2 text-slate-600">
        <span className="sr-only">{t.capacity}: </span>
        <span className="text-3xl font-bold tabular-nums text-sky-800" data-testid="card-capacity">
          {formatFixed(card.capacidad, 1)}
        </span>{' '}
        <span className="text-sm font-semibold">{t.mw}</span>
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">{t.limiting}</dt>
        <dd className="break-words text-slate-900">
          {card.capReached
            ? t.capReached
            : card.sinkRoomReached
              ? t.sinkRoom
              : (card.elementoLimitante ?? '—')}
          {card.preExistingViolation && (
            <span className="ml-1 text-xs text-amber-800">({t.preExisting})</span>
          )}
        </dd>
        <dt className="text-slate-500">{t.contingency}</dt>
        <dd className="break-words text-slate-900">{card.contingencia ?? '—'}</dd>
        <dt className="text-slate-500">{t.scenario}</dt>
        <dd className="text-slate-900">{card.scenario}</dd>
        <dt className="text-slate-500">{t.year}</dt>
        <dd className="tabular-nums text-slate-900">{card.anio}</dd>
        <dt className="text-slate-500">{t.condition}</dt>
        <dd className="text-slate-900">{card.condicion}</dd>
      </dl>
      {card.capReached && (
        <p className="mt-2 text-xs text-slate-500">{t.capNote(formatMw(card.tmaxMw))}</p>
      )}
      {card.sinkRoomReached && (
        <p className="mt-2 text-xs text-slate-500" data-testid="card-sink-room">
          {t.sinkRoomNote(formatMw(card.capacidad), formatMw(card.tmaxMw))}
        </p>
      )}
      {onSelect !== undefined && (
        <Button
          variant={selected ? 'primary' : 'outline'}
          size="sm"
          className="mt-3 self-start"
          aria-pressed={selected}
          aria-label={tg.selectLabel(card.barra, card.caseName)}
          onClick={onSelect}
        >
          {tg.select}
        </Button>
      )}
    </article>
  );
}
