import { Button } from '../../../components/ui/button';
import { es } from '../../../strings/es';
import { esResultsGenerators } from '../../../strings/es-results-generators';
import { cn } from '../../../utils/cn';
import { formatFixed, formatMw } from '../../../utils/format';
import { studyVerificationWords } from '@holgura/contracts';
import { variableText, type CardVerification, type ResultCard } from '../model';

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
        {card.verificacion !== null && (
          <VerificationRows card={card} verification={card.verificacion} />
        )}
        <dt className="text-slate-500">{card.verificacion === null ? t.limiting : t.dcLimiting}</dt>
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

/** mm,m MW, or why there is no figure. */
const mwOr = (value: number | null, otherwise: string) =>
  value === null ? otherwise : `${formatFixed(value, 1)} ${t.mw}`;

/**
 * Issue #31: «Variable limitante» and the figures «Capacidad» is the least of — DC, AC and the
 * weak grid (or why the case has none) — with the AC limit where AC is lower.
 */
function VerificationRows({
  card,
  verification: v,
}: {
  card: ResultCard;
  verification: CardVerification;
}) {
  const weakGrid =
    v.cortocircuito === null
      ? t.notChecked
      : v.cortocircuito === 'ok'
        ? mwOr(v.redDebil, t.notChecked)
        : t.notAvailable(studyVerificationWords.shortCircuitShort[v.cortocircuito]);
  return (
    <>
      <dt className="text-slate-500">{t.variable}</dt>
      <dd className="font-semibold text-slate-900" data-testid="card-variable">
        {variableText(v.variable)}
      </dd>
      <dt className="text-slate-500">{t.dc}</dt>
      <dd className="tabular-nums text-slate-900" data-testid="card-capacity-dc">
        {mwOr(card.capacidadDc, t.notChecked)}
      </dd>
      <dt className="text-slate-500">{t.ac}</dt>
      <dd className="tabular-nums text-slate-900" data-testid="card-capacity-ac">
        {mwOr(v.ac, t.notChecked)}
      </dd>
      {v.ac !== null && (
        <>
          <dt className="text-slate-500">{t.acLimit}</dt>
          <dd className="break-words text-slate-900">{v.limiteAc ?? t.acConfirms}</dd>
        </>
      )}
      <dt className="text-slate-500">{t.weakGrid}</dt>
      <dd className="break-words tabular-nums text-slate-900" data-testid="card-weak-grid">
        {weakGrid}
      </dd>
    </>
  );
}
