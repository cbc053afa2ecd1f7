// /admin/families/:id: one family's page for the office — the account's adults, each child (with the
// guardians for admin and office), every enrollment with its money, the account credit, waitlist
// places, requests and the emails sent; the office enrolls a child by phone from it and, at the
// family's request, adds an add-on, cancels a child's whole term or downloads the family's data. Reached from a child's info sheet and from the enrollments'
// Payments & changes; reading it is in the audit trail under each child.
import { Link, useParams } from 'react-router-dom';
import { CREDIT_KIND_WORDS } from '../../../contract/credit';
import { andList, formatCents, gradeName } from '../../../contract/format';
import { ENROLLMENT_STATUS_LABELS, formatDay } from '../../../contract/wording';
import { Card } from '../../components/Card';
import { LinkButton } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { AdminTable } from '../../components/table';
import { useFamilyData, useHousehold, useQuoteAddOnsForFamily, useTakeAddOnsForFamily } from './api';
import { AddOnOffer, DataDownload } from '../account';
import { PhoneEnroll } from './PhoneEnroll';
import { CancelTerm } from './CancelTerm';
import { can, useSession } from '../../lib/session';
import { ACCESS } from '../../../contract/roles';
import './office.css';

/** The office's calls for an add-on it adds for the family. */
const OFFICE_ADD_ONS = { useQuote: useQuoteAddOnsForFamily, useTake: useTakeAddOnsForFamily };

export default function HouseholdPage() {
  const { id = '' } = useParams();
  const [state, reload] = useHousehold(id);
  // Enrolling for the family is the office's (finance reads the page for its money).
  const enrolls = can(useSession(), ACCESS.care);
  const h = state.status === 'loaded' ? state.value : null;
  const title = h ? (h.holder?.name ?? h.email ?? 'A family') : 'A family';
  return (
    <div className="page admin-page">
      <h1>{h ? `The family of ${andList(h.children.map((c) => c.name.split(' ')[0])) || title}` : 'A family'}</h1>
      {state.status === 'loading' && <PageLoading label="Loading the family…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {h && (
        <>
          <Card id="household-adults" title="The account">
            <p>
              {[h.holder?.name, h.holder?.phone, h.email].filter(Boolean).join(' · ') || 'No name, phone or email given yet.'}
              {h.credit.balance > 0 && ` · account credit ${formatCents(h.credit.balance)}`}
            </p>
          </Card>
          <Card
            id="household-children"
            title="Children"
            actions={
              enrolls && (
                <LinkButton to={`/admin/families/${h.uid}/child`} variant="outlined">
                  <span className="pi pi-plus" aria-hidden="true" />
                  <span className="p-button-label">Add a child</span>
                </LinkButton>
              )
            }
          >
            {h.children.length ? (
              <ul className="plain-list">
                {h.children.map((c) => (
                  <li key={c.id}>
                    {c.guardians ? <Link to={`/admin/students/${c.id}`}>{c.name}</Link> : c.name}, grade {gradeName(c.grade)}
                    {c.guardians?.length ? ` · ${c.guardians.map((g) => [g.name, g.relationship, g.phone, g.email].filter(Boolean).join(', ')).join('; ')}` : ''}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty-panel">No child saved on this account.</p>
            )}
          </Card>
          {enrolls && (
            <Card id="household-phone" title="Enroll by phone">
              <PhoneEnroll household={h} onDone={reload} />
            </Card>
          )}
          <Card id="household-enrollments" title="Enrollments and money">
            {h.enrollments.length ? (
              <AdminTable
                label="The family’s enrollments"
                caption="The family’s enrollments, newest first, with their money"
                stacked
                head={
                  <>
                    <th scope="col">Child</th>
                    <th scope="col">Classes</th>
                    <th scope="col">Status</th>
                    <th scope="col">Total</th>
                    <th scope="col">Paid</th>
                    <th scope="col">Refunded</th>
                    <th scope="col">Balance</th>
                  </>
                }
              >
                {h.enrollments.map((e) => (
                  <tr key={e.id}>
                    <td data-label="Child">
                      <div>
                        {e.studentName}
                        <div className="muted">
                          {e.terms.join(', ')} · {formatDay(e.createdAt)}
                        </div>
                      </div>
                    </td>
                    <td data-label="Classes">
                      <div>
                        {e.classTitles.join(', ') || '—'}
                        {e.changes.map((c) => (
                          <div key={c} className="muted">
                            {c}
                          </div>
                        ))}
                      </div>
                    </td>
                    <td data-label="Status">{ENROLLMENT_STATUS_LABELS[e.status]}</td>
                    <td data-label="Total">{formatCents(e.total)}</td>
                    <td data-label="Paid">{formatCents(e.paid)}</td>
                    <td data-label="Refunded">{formatCents(e.refunded)}</td>
                    <td data-label="Balance">{formatCents(e.balance)}</td>
                  </tr>
                ))}
              </AdminTable>
            ) : (
              <p className="empty-panel">No enrollment yet.</p>
            )}
          </Card>
          {enrolls && h.enrollments.some((e) => e.addOnOffers.length) && (
            <Card id="household-add-ons" title="Add an add-on">
              <ul className="plain-list">
                {h.enrollments.flatMap((e) =>
                  e.addOnOffers.map((o) => (
                    <li key={`${e.id}-${o.classId}-${o.addOnId}`}>
                      {e.studentName}, {o.classTitle}: {o.description} ({formatCents(o.price)})
                      <AddOnOffer enrollment={e} offer={{ klass: { id: o.classId }, addOn: { id: o.addOnId, description: o.description } }} calls={OFFICE_ADD_ONS} />
                    </li>
                  )),
                )}
              </ul>
            </Card>
          )}
          <Card id="household-cancel-term" title="Cancel a child’s term">
            <CancelTerm household={h} onDone={reload} />
          </Card>
          <Card id="household-credit" title="Account credit">
            {h.credit.entries.length ? (
              <ul className="plain-list">
                {h.credit.entries.map((c) => (
                  <li key={c.id}>
                    {formatDay(c.at)} · {CREDIT_KIND_WORDS[c.kind]} · {c.amount < 0 ? '−' : ''}
                    {formatCents(Math.abs(c.amount))} · {c.words}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty-panel">No account credit.</p>
            )}
          </Card>
          <Card id="household-waitlist" title="Waitlist places and requests">
            {h.waitlist.length + h.requests.length ? (
              <ul className="plain-list">
                {h.waitlist.map((w) => (
                  <li key={w.id}>
                    {formatDay(w.joinedAt)} · {w.studentName} on the waitlist of {w.classTitles.join(', ')} · {w.status}
                  </li>
                ))}
                {h.requests.map((r) => (
                  <li key={`${r.enrollmentId}-${r.askedAt}`}>
                    {formatDay(r.askedAt)} · {r.studentName}: asked to {r.asks} · {r.status}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty-panel">No waitlist place and no request.</p>
            )}
          </Card>
          {enrolls && <FamilyDataCard uid={h.uid} />}
          <Card id="household-emails" title="Emails sent">
            {h.emails.length ? (
              <ul className="plain-list">
                {h.emails.map((m, i) => (
                  <li key={i}>
                    {formatDay(m.at)} · {m.subject}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="empty-panel">No email sent to the account’s address.</p>
            )}
          </Card>
        </>
      )}
    </div>
  );
}

/** The family's "Download our data" files, made by the office when the family asks (health included: admin and office only). */
function FamilyDataCard({ uid }: { uid: string }) {
  const gather = useFamilyData();
  return (
    <Card id="household-data" title="The family’s data">
      <p className="muted">At the family’s request: everything the portal keeps about this account, as the family’s own “Download our data” gives it. It holds health information.</p>
      <DataDownload gather={(done) => gather.mutate({ id: uid }, done)} pending={gather.isPending} idPrefix="household-data" />
    </Card>
  );
}
