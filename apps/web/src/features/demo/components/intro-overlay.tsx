import { Cpu, Network } from 'lucide-react';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { es } from '../../../strings/es';
import { cn } from '../../../utils/cn';

const t = es.resultsDemo.demo.overlay;

type IntroOverlayProps = {
  /** 'Clic para cargar datos': the first touch of the system starts loading the case. */
  onLoad: () => void;
  onDrop: () => void;
  /** Shown under the two blocks (loading, loaded, or an error with its retry). */
  status: React.ReactNode;
};

/**
 * Spec §2 /demo intro: drag 'Sistema de Potencia' onto 'Motor de Análisis'. Pointer events
 * cover mouse, pen and touch; with the keyboard (or two clicks), Enter or Space on the system
 * picks it up and Enter or Space on the engine drops it.
 */
export function IntroOverlay({ onLoad, onDrop, status }: IntroOverlayProps) {
  const [pickedUp, setPickedUp] = useState(false);
  const [offset, setOffset] = useState<{ x: number; y: number } | null>(null);
  const [over, setOver] = useState(false);
  const start = useRef<{ x: number; y: number } | null>(null);
  const dragged = useRef(false);
  const target = useRef<HTMLButtonElement>(null);

  const isOverTarget = (x: number, y: number) => {
    const rect = target.current?.getBoundingClientRect();
    return (
      rect !== undefined && x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom
    );
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    onLoad();
    start.current = { x: event.clientX, y: event.clientY };
    dragged.current = false;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (start.current === null) return;
    const x = event.clientX - start.current.x;
    const y = event.clientY - start.current.y;
    if (!dragged.current && Math.hypot(x, y) < 6) return;
    dragged.current = true;
    setOffset({ x, y });
    setOver(isOverTarget(event.clientX, event.clientY));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLButtonElement>) => {
    if (start.current === null) return;
    start.current = null;
    const dropped = dragged.current && isOverTarget(event.clientX, event.clientY);
    setOffset(null);
    setOver(false);
    if (dropped) onDrop();
  };

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="demo-intro-titulo"
      aria-describedby="demo-intro-ayuda"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="demo-intro-titulo" className="text-xl font-semibold text-slate-900">
        {t.heading}
      </h2>
      <p id="demo-intro-ayuda" className="mt-1 text-sm text-slate-600">
        {t.instructions}
      </p>
      <div className="mt-6 grid items-center gap-6 sm:grid-cols-[1fr_auto_1fr]">
        <button
          type="button"
          aria-pressed={pickedUp}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            start.current = null;
            setOffset(null);
            setOver(false);
          }}
          onClick={() => {
            // A click that ended a drag is not a pick-up.
            if (dragged.current) {
              dragged.current = false;
              return;
            }
            onLoad();
            setPickedUp((value) => !value);
          }}
          style={
            offset === null ? undefined : { transform: `translate(${offset.x}px, ${offset.y}px)` }
          }
          className={cn(
            'relative z-10 flex touch-none select-none flex-col items-center gap-2 rounded-2xl border-2 bg-sky-50 p-6 text-sky-900',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:ring-offset-2',
            pickedUp ? 'border-sky-600 shadow-lg' : 'border-sky-200',
            offset === null ? 'cursor-grab' : 'cursor-grabbing shadow-xl',
          )}
        >
          <Network aria-hidden="true" className="h-10 w-10" />
          <span className="font-semibold">{t.source}</span>
          <span className="text-xs text-sky-800">{t.sourceHint}</span>
        </button>
        <span aria-hidden="true" className="text-center text-2xl text-slate-400 sm:rotate-0">
          →
        </span>
        <button
          ref={target}
          type="button"
          aria-disabled={!pickedUp}
          onClick={() => {
            if (!pickedUp) return;
            setPickedUp(false);
            onDrop();
          }}
          className={cn(
            'flex flex-col items-center gap-2 rounded-2xl border-2 border-dashed p-6',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-500 focus-visible:ring-offset-2',
            over || pickedUp
              ? 'border-teal-600 bg-teal-50 text-teal-900'
              : 'border-slate-300 bg-slate-50 text-slate-700',
          )}
        >
          <Cpu aria-hidden="true" className="h-10 w-10" />
          <span className="font-semibold">{t.target}</span>
          <span className="text-xs">{over ? t.dropHere : t.targetHint}</span>
        </button>
      </div>
      <p aria-live="polite" className="sr-only">
        {pickedUp ? t.pickedUp : ''}
      </p>
      <div className="mt-4">{status}</div>
    </div>
  );
}
