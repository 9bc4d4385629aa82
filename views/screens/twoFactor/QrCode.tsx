import { create } from 'qrcode';
import { useMemo } from 'react';

const QUIET_ZONE = 4;

/** The dark modules of a QR code as one SVG path, one unit per module. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) path += `M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path };
}

/**
 * A QR code drawn as React SVG elements, so the page needs no inline script, no data: URL and no
 * style attribute (the CSP stays strict). Black on white whatever the brand's theme: it is image
 * content that cameras must read, not page styling.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(text), [text]);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      width="192"
      height="192"
      role="img"
      aria-label={label}
      data-testid="totp-qr"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" shapeRendering="crispEdges" />
    </svg>
  );
}
