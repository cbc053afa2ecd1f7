import type { ReactNode } from 'react';
import { downloadCsv, type CsvValue } from '../lib/csv';
import { Button } from './Button';

/** A button that downloads a spreadsheet (.csv) of the rows as they are when it is pressed. */
export function CsvButton({ file, rows, disabled, children }: { file: string; rows: () => CsvValue[][]; disabled?: boolean; children: ReactNode }) {
  return (
    <Button variant="outlined" disabled={disabled} onClick={() => downloadCsv(file, rows())}>
      <span className="pi pi-download" aria-hidden="true" /> {children}
    </Button>
  );
}
