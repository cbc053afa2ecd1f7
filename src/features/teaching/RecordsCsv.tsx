import type { ReactNode } from 'react';
import type { SheetRoster } from '../../../contract/domain';
import type { FieldEntry } from '../../../contract/field';
import { ACCESS } from '../../../contract/roles';
import { CsvButton } from '../../components/CsvButton';
import { slug, type CsvValue } from '../../lib/csv';
import { can, useSession } from '../../lib/session';
import type { FieldSync } from './useFieldSync';

/**
 * The office's download of one kind of a class's field records (`kind`-<class>.csv), once they are
 * loaded. Only the care role gets it: an instructor's phone keeps records, it does not export them.
 */
export function RecordsCsv({ roster, field, kind, rows, children }: { roster: SheetRoster; field: FieldSync; kind: string; rows: (entries: readonly FieldEntry[], names: ReadonlyMap<string, string>, roster: SheetRoster) => CsvValue[][]; children: ReactNode }) {
  const office = can(useSession(), ACCESS.care);
  const { log, names } = field;
  if (!office || log.status !== 'loaded') return null;
  return (
    <p>
      <CsvButton file={`${kind}-${slug(roster.class.title)}.csv`} rows={() => rows(log.value.entries, names, roster)}>
        {children}
      </CsvButton>
    </p>
  );
}
