import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** The link as a QR code, drawn as SVG squares (no HTML injected). */
export function VenmoQr({ url, label }: { url: string; label: string }) {
  const cells = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(url);
    qr.make();
    const size = qr.getModuleCount();
    const dark: string[] = [];
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (qr.isDark(r, c)) dark.push(`M${c + 4} ${r + 4}h1v1h-1z`);
    return { size: size + 8, path: dark.join('') };
  }, [url]);
  return (
    <svg className="venmo-qr" viewBox={`0 0 ${cells.size} ${cells.size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={cells.size} height={cells.size} fill="#fff" />
      <path d={cells.path} fill="#000" />
    </svg>
  );
}
