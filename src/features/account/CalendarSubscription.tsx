// The family's calendar subscription: a private address with every class meeting of its
// children, for Google Calendar, Apple Calendar or Outlook. Only a fingerprint of it is kept, so the
// address is shown once, when made; a new one ends the old.
import { useEffect, useRef, useState } from 'react';
import { formatMoment } from '../../../contract/wording';
import { Button, buttonClass } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useNotify } from '../../lib/toast';
import { useCalendarFeed, useNewCalendarFeed } from './api';

/** The feed's address on this portal, and the same for calendar apps (webcal:). */
const feedAddress = (token: string, origin = window.location.origin) => `${origin}/cal/${token}.ics`;
const webcal = (address: string) => address.replace(/^https?:/, 'webcal:');

export function CalendarSubscription() {
  const [state, reload] = useCalendarFeed();
  const make = useNewCalendarFeed();
  const notify = useNotify();
  const [address, setAddress] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Reached by "Add the classes to my calendar" (#calendar): brought into view.
  useEffect(() => {
    if (window.location.hash === '#calendar') heading.current?.scrollIntoView({ block: 'start' });
  }, []);
  const getAddress = () =>
    make.mutate(null, {
      onSuccess: (r) => setAddress(feedAddress(r.token)),
      onError: () => notify({ severity: 'error', summary: 'Not done', detail: 'Could not make a calendar address. Please try again.' }),
    });
  const copy = () =>
    navigator.clipboard.writeText(address!).then(
      () => notify({ severity: 'success', summary: 'Copied', detail: 'The calendar address is copied.' }),
      () => notify({ severity: 'error', summary: 'Not copied', detail: 'Select the address and copy it yourself.' }),
    );

  return (
    <section className="account-section" id="calendar" aria-labelledby="calendar-heading">
      <h2 id="calendar-heading" ref={heading}>Class calendar</h2>
      <p>
        Put every class meeting of your children in your own calendar app (Google Calendar, Apple Calendar, Outlook). It follows changes, such as a day
        without class, by itself. Only first names are in it.
      </p>
      {state.status === 'loading' ? (
        <PageLoading label="Loading…" />
      ) : state.status === 'error' ? (
        <LoadError error={state.error} onRetry={reload} />
      ) : address ? (
        <>
          <div className="field">
            <label htmlFor="calendar-address">Your private calendar address</label>
            <input id="calendar-address" className="p-inputtext p-component" readOnly value={address} onFocus={(e) => e.target.select()} />
          </div>
          <div className="row-actions">
            <Button onClick={copy}>
              <span className="pi pi-copy" aria-hidden="true" /> Copy address
            </Button>
            <a className={buttonClass('outlined')} href={webcal(address)}>
              <span className="pi pi-calendar-plus" aria-hidden="true" /> Open in my calendar app
            </a>
            <a className={buttonClass('text')} href={`${address}?download=1`}>
              <span className="pi pi-download" aria-hidden="true" /> Download (.ics)
            </a>
          </div>
          <p className="muted" role="status">
            Keep it private: anyone with it sees your children’s first names and class times. It is shown only now. Lost it, or shared it by mistake? Get a
            new address and the old one stops working.
          </p>
        </>
      ) : state.value.createdAt ? (
        <>
          <p>
            You made a calendar address on {formatMoment(state.value.createdAt)}. For your children’s privacy the portal does not keep it; if you need it
            again, get a new one (the old one then stops working).
          </p>
          <Button variant="outlined" disabled={make.isPending} onClick={getAddress}>
            Get a new calendar address
          </Button>
        </>
      ) : (
        <Button disabled={make.isPending} onClick={getAddress}>
          <span className="pi pi-calendar-plus" aria-hidden="true" /> Get my calendar address
        </Button>
      )}
    </section>
  );
}
