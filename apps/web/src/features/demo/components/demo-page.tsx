import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useEffect, useReducer, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { ApiClientError } from '../../../lib/api-client';
import { es } from '../../../strings/es';
import { formatDateTime } from '../../../utils/format';
import { demoCaseQueryOptions } from '../api/demo-case';
import { demoReducer, elementsIn, initialDemoState } from '../model';
import { ElementCard } from './element-card';
import { GeneratorPanel } from './generator-panel';
import { IntroOverlay } from './intro-overlay';

const t = es.resultsDemo.demo;

/** Spec §9: the processing screen lasts 1.5 s. */
export const PROCESSING_MS = 1500;

/** /demo 'Demo - Análisis de Restricción' (docs/product.md §2, docs/analysis.md §7). */
export function DemoPage() {
  const [requested, setRequested] = useState(false);
  const [state, dispatch] = useReducer(demoReducer, initialDemoState);
  const query = useQuery({ ...demoCaseQueryOptions(), enabled: requested });

  useEffect(() => {
    if (state.phase !== 'processing') return;
    const timer = setTimeout(() => dispatch({ type: 'processed' }), PROCESSING_MS);
    return () => clearTimeout(timer);
  }, [state.phase]);

  const read = query.data?.read ?? null;
  const error = query.isError
    ? query.error instanceof ApiClientError
      ? query.error.message
      : t.errors.noCases
    : read !== null && !read.ok
      ? read.error
      : null;

  const errorBox =
    error === null ? null : (
      <Notice tone="error" title={error}>
        <p className="mt-1">{t.errors.computing}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          {t.errors.retry}
        </Button>
      </Notice>
    );

  let content;
  if (state.phase === 'intro') {
    content = (
      <IntroOverlay
        onLoad={() => setRequested(true)}
        onDrop={() => {
          setRequested(true);
          dispatch({ type: 'drop' });
        }}
        status={
          !requested ? null : query.isPending ? (
            <Spinner label={t.overlay.loading} className="flex-row py-2" />
          ) : error !== null ? (
            errorBox
          ) : (
            <p className="text-sm text-emerald-800">{t.overlay.loaded}</p>
          )
        }
      />
    );
  } else if (state.phase === 'processing' || query.isPending) {
    content = (
      <div className="rounded-2xl border border-slate-200 bg-white p-10 shadow-sm">
        <Spinner label={t.processing} className="py-10" />
      </div>
    );
  } else if (error !== null || read === null || !read.ok) {
    content = errorBox;
  } else {
    const demo = read.demo;
    const elements = elementsIn(demo, state.sim, state.manual);
    content = (
      <div className="space-y-4">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm">
          <p className="font-semibold text-slate-900">{t.network(demo.caseName)}</p>
          <p>{t.networkNote}</p>
          {query.data !== undefined && (
            <p className="text-xs text-slate-500">
              {t.storedAt(formatDateTime(query.data.createdAt))}
            </p>
          )}
        </div>
        <div
          className="rounded-2xl border border-sky-200 bg-sky-50 p-4"
          aria-live="polite"
          data-testid="demo-state"
        >
          <p className="text-sm text-sky-900">
            <span className="font-semibold">{t.stateLabel}:</span> {t.states[state.sim]}
          </p>
          <p className="text-xs text-sky-900">{t.stateHelp[state.sim]}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => dispatch({ type: 'applyCritical' })}
            disabled={state.sim !== 'initial'}
          >
            {t.applyCritical}
          </Button>
          <Button
            variant="secondary"
            onClick={() => dispatch({ type: 'applyContingency' })}
            disabled={state.sim !== 'overload'}
          >
            {t.applyContingency}
          </Button>
          {state.sim === 'contingency' && (
            <Button variant="outline" onClick={() => dispatch({ type: 'reset' })}>
              {t.resetDispatch}
            </Button>
          )}
          {state.sim !== 'initial' && (
            <Button variant="ghost" onClick={() => dispatch({ type: 'restart' })}>
              {t.restart}
            </Button>
          )}
        </div>
        <div className="grid gap-4 lg:grid-cols-[1fr_1fr]">
          <div className="space-y-4">
            <ElementCard
              title={t.monitored}
              name={demo.constraint.monitored}
              view={elements.monitored}
              testId="monitored"
            />
            <ElementCard
              title={t.contingencyElement}
              name={demo.constraint.contingency}
              view={elements.contingency}
              testId="contingency"
            />
          </div>
          <GeneratorPanel
            generators={demo.generators}
            sim={state.sim}
            manual={state.manual}
            onSetDispatch={(name, mw) => dispatch({ type: 'setDispatch', name, mw })}
          />
        </div>
      </div>
    );
  }

  return <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">{content}</div>;
}
