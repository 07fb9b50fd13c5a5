// The customer signs on the crew's phone with a finger: the strokes are kept as an SVG path in a
// 300 × 100 box (domain signaturePath), which is what the server stores and every page draws.
import { useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../shared/ui/button.module.css';
import styles from './trips.module.css';

const WIDTH = 300;
const HEIGHT = 100;

export function SignaturePad({ id, onChange }: { id: string; onChange: (path: string) => void }) {
  const { t } = useTranslation('self-drive');
  const [path, setPath] = useState('');
  const drawing = useRef(false);

  const point = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // A browser without pointer coordinates (a test's) draws at the corner rather than NaN.
    const cx = Number.isFinite(event.clientX) ? event.clientX : 0;
    const cy = Number.isFinite(event.clientY) ? event.clientY : 0;
    const x = box.width ? ((cx - box.left) * WIDTH) / box.width : cx;
    const y = box.height ? ((cy - box.top) * HEIGHT) / box.height : cy;
    return `${Math.round(Math.min(WIDTH, Math.max(0, x)))} ${Math.round(Math.min(HEIGHT, Math.max(0, y)))}`;
  };
  const extend = (next: string) => {
    setPath(next);
    onChange(next);
  };

  return (
    <div className={styles.signaturePad}>
      <svg
        id={id}
        className={styles.signature}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('condition.signHere')}
        data-testid="signature-pad"
        onPointerDown={(event) => {
          drawing.current = true;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          extend(`${path}${path ? ' ' : ''}M${point(event)}`);
        }}
        onPointerMove={(event) => {
          if (drawing.current) extend(`${path} L${point(event)}`);
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
      >
        <path d={path} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
      </svg>
      <button type="button" className={button.outline} onClick={() => extend('')}>
        {t('condition.clearSignature')}
      </button>
    </div>
  );
}
