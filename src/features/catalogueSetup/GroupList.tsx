import type { AdminClass, ClassGroup, Semester } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { Card } from '../../components/Card';
import { deleteBy, EditAndDelete } from '../../components/EditForm';
import { bundleSaving } from '../../../contract/rules';
import { useDeleteGroup } from './api';
import { NewLink } from '../../components/NewLink';

/** The bundles of a semester, with their price and saving. */
export function GroupList({
  semester,
  classes,
  groups,
}: {
  semester: Semester;
  classes: AdminClass[];
  groups: ClassGroup[];
}) {
  const remove = useDeleteGroup();
  const title = (id: string) => classes.find((c) => c.id === id)?.title ?? id;
  return (
    <Card id="groups-title" title={`Bundles in ${semester.name}`} actions={<NewLink to={`group/new?semester=${semester.id}`} label="New bundle" />}>
      {groups.length === 0 ? (
        <p className="muted">No bundles in this semester.</p>
      ) : (
        <ul className="recent-list">
          {groups.map((g) => (
            <li key={g.id}>
              <strong>{g.name}</strong> · {formatCents(g.price)} (saves {formatCents(bundleSaving(g, classes))}) · {g.classIds.map(title).join(', ')}{' '}
              <span className="row-actions inline">
                <EditAndDelete
                  to={`group/${g.id}?semester=${semester.id}`}
                  name={g.name}
                  question={`Delete the bundle ${g.name}? The classes stay.`}
                  done={`${g.name} is deleted.`}
                  {...deleteBy(remove, { id: g.id })}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
