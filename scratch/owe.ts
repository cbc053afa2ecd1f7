import { signInDemo } from '../test/support/fixtures';
import { enrollAtQuotedPrice } from '../test/support/samples';
const family = await signInDemo('family');
for (const [studentId, classId] of [['demo-ava', 'wild-art'], ['demo-leo', 'orienteering']]) {
  const r = await enrollAtQuotedPrice(family.idToken, { studentId, lines: [{ classId, addOnIds: [] }], idempotencyKey: `shot-${classId}`, infoConfirmed: true });
  console.log(r.status, JSON.stringify(r.error ?? r.result?.enrollment.total));
}
