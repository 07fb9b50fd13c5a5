// The VERI*FACTU QR code and its legend on a printed invoice (docs/invoicing.md#qr-code): the
// AEAT's verification address the server built from the document's billing record, drawn as
// vector modules (crisp on paper at any zoom) 35 mm wide, error correction M, inside a quiet zone
// of four modules. The legend is the law's, in Spanish, whatever language the document is in.
import { useMemo } from 'react';
import QRCode from 'qrcode';
import {
  QR_ERROR_CORRECTION,
  QR_SIZE_MM,
  QR_TITLE,
  VERIFACTU_LEGEND,
  VERIFACTU_MARK,
} from '@boats/domain/verifactu';
import styles from './verifactu-qr.module.css';

/** ISO/IEC 18004's quiet zone: four modules of white on every side. */
const QUIET = 4;

/** The QR symbol of `text` as one SVG path in module units (one module = 1), and its width in modules. */
function qrModules(text: string): { modules: number; d: string } {
  const qr = QRCode.create(text, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  const n = qr.modules.size;
  let d = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) if (qr.modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
  }
  return { modules: n, d };
}

export function VerifactuQr({ url, label }: { url: string; label: string }) {
  const { modules, d } = useMemo(() => qrModules(url), [url]);
  const box = modules + 2 * QUIET;
  // The symbol itself is QR_SIZE_MM wide; the quiet zone is added around it.
  const width = `${((QR_SIZE_MM * box) / modules).toFixed(2)}mm`;
  return (
    <div className={styles.block}>
      <figure className={styles.figure}>
        <figcaption lang="es">{QR_TITLE}</figcaption>
        <svg
          className={styles.code}
          style={{ width, height: width }}
          viewBox={`${-QUIET} ${-QUIET} ${box} ${box}`}
          shapeRendering="crispEdges"
          role="img"
          aria-label={label}
        >
          <rect x={-QUIET} y={-QUIET} width={box} height={box} fill="#fff" />
          <path d={d} fill="#000" />
        </svg>
      </figure>
      <p className={styles.legend} lang="es">
        <strong>{VERIFACTU_MARK}</strong>
        <span>{VERIFACTU_LEGEND}</span>
      </p>
    </div>
  );
}
