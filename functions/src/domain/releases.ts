import type { Release } from '../../../contract/domain';

/** The releases in force when none are configured in config/releases. */
export const DEFAULT_RELEASES: Release[] = [
  {
    id: 'medical',
    version: '2025-1',
    title: 'Medical Release',
    text:
      'In an emergency, I authorize the school staff to seek medical care for my child, including first aid, ' +
      'transport to a hospital and treatment a doctor finds necessary, when I cannot be reached. I agree to pay the costs of that care.',
  },
  {
    id: 'liability',
    version: '2025-1',
    title: 'Liability Release',
    text:
      'Outdoor programs involve risks such as uneven ground, weather, water, plants and animals. I understand these risks, ' +
      'agree that my child follows the instructors’ directions, and release the school from claims for injuries that are not caused by its negligence.',
  },
];
