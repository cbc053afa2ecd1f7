import type { AdminClass, ClassGroup, Semester } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { EditAndDelete } from '../../components/EditForm';
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
    <section className="admin-card" aria-labelledby="groups-title">
      <div className="card-header">
        <h2 id="groups-title">Bundles in {semester.name}</h2>
        <NewLink to={`group/new?semester=${semester.id}`} label="New bundle" />
      </div>
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
                  busy={remove.isPending}
                  remove={(callbacks) => remove.mutate({ id: g.id }, callbacks)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
