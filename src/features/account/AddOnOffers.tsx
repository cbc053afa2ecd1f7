// On My Enrollments: the add-ons a class offers that the child has not taken, in a
// semester still open. "Add …" asks the server what it adds (the enrollment repriced by the one
// engine), then the family confirms; the balance is paid as any other (Pay balance, or the office).
// The office adds one for a family the same way from the family's page (its own call).
import { useState } from 'react';
import type { FamilyEnrollment, LineItem, PublicClass } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';
import { useNotify } from '../../lib/toast';
import { useQuoteAddOns, useTakeAddOns } from './api';

interface Offer {
  klass: Pick<PublicClass, 'id'>;
  addOn: Pick<PublicClass['addOns'][number], 'id' | 'description'>;
}

type AddOnsCall = (p: { enrollmentId: string; classId: string; addOnIds: string[]; expectedCharge?: number }) => Promise<{ charge: number }>;
/** The two calls an offer makes: what the add-on would add, and adding it (the family's own, or the office's for the family). */
export interface AddOnCalls {
  useQuote: () => { mutateAsync: AddOnsCall; isPending: boolean; error: unknown };
  useTake: () => { mutateAsync: AddOnsCall; isPending: boolean; error: unknown };
}
const FAMILY_CALLS: AddOnCalls = { useQuote: useQuoteAddOns, useTake: useTakeAddOns };

export function AddOnOffer({ enrollment, offer: { klass, addOn }, calls = FAMILY_CALLS }: { enrollment: Pick<FamilyEnrollment, 'id' | 'studentName'>; offer: Offer; calls?: AddOnCalls }) {
  const quote = calls.useQuote();
  const take = calls.useTake();
  const notify = useNotify();
  const [charge, setCharge] = useState<number | null>(null);
  const request = { enrollmentId: enrollment.id, classId: klass.id, addOnIds: [addOn.id] };
  const first = enrollment.studentName.split(' ')[0];
  const ask = () => quote.mutateAsync(request).then(({ charge }) => setCharge(charge), () => undefined);
  const confirm = () =>
    take.mutateAsync({ ...request, expectedCharge: charge! }).then(
      () => {
        setCharge(null);
        notify({ severity: 'success', summary: 'Added', detail: `${addOn.description} for ${first}: ${formatCents(charge!)} added to the balance.` });
      },
      () => undefined,
    );
  return (
    <div className="add-on-offer">
      {charge === null ? (
        <Button variant="outlined" disabled={quote.isPending} onClick={() => void ask()}>
          <span className="pi pi-plus" aria-hidden="true" />
          <span className="p-button-label">
            Add {addOn.description} for {first}
          </span>
        </Button>
      ) : (
        <div className="add-on-confirm" role="group" aria-label={`Add ${addOn.description}`}>
          <p>
            {addOn.description} adds {formatCents(charge)} to {first}’s balance.
          </p>
          <Button disabled={take.isPending} onClick={() => void confirm()}>
            <span className="p-button-label">Add it</span>
          </Button>
          <Button variant="outlined" onClick={() => setCharge(null)}>
            <span className="p-button-label">Cancel</span>
          </Button>
        </div>
      )}
      <FormFailure error={quote.error ?? take.error} />
    </div>
  );
}

/** The offers for one line of an enrollment (a bundle's classes each). */
export function AddOnOffers({ enrollment, line, classOf }: { enrollment: FamilyEnrollment; line: LineItem; classOf: (id: string) => PublicClass | null }) {
  const offers: Offer[] = line.classIds.flatMap((id) => {
    const klass = classOf(id);
    return klass ? klass.addOns.filter((a) => !line.addOns.some((x) => x.id === a.id)).map((addOn) => ({ klass, addOn })) : [];
  });
  return offers.map((offer) => <AddOnOffer key={offer.klass.id + offer.addOn.id} enrollment={enrollment} offer={offer} />);
}
