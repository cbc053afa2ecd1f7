import { useState } from 'react';
import { Button } from '../../components/Button';
import { useNotify } from '../../lib/toast';
import { savePdf, type ReceiptLine } from './receipt';

/** "Receipt (PDF)": makes the receipt when pressed (the PDF writer loads then) and saves it as a file. */
export function ReceiptButton({ label, filename, lines, footer, what }: { label: string; filename: string; lines: () => ReceiptLine[]; footer: string; /** Said to screen readers after the label. */ what: string }) {
  const notify = useNotify();
  const [making, setMaking] = useState(false);
  const make = () => {
    setMaking(true);
    savePdf(filename, lines(), footer)
      .catch(() => notify({ severity: 'error', summary: 'No receipt', detail: 'The receipt could not be made. Check your connection and try again.' }))
      .finally(() => setMaking(false));
  };
  return (
    <Button variant="text" className="receipt-button" disabled={making} onClick={make}>
      <span className="pi pi-file-pdf" aria-hidden="true" />
      <span className="p-button-label">
        {making ? 'Making the receipt…' : label}
        <span className="visually-hidden"> {what}</span>
      </span>
    </Button>
  );
}
