// Announcements: which show on a day, most urgent first, newest first within a severity.
import { ANNOUNCEMENT_SEVERITIES, type Announcement, type IsoDate, type PublicAnnouncement } from '../../../contract/domain';

export function showingOn(all: Announcement[], today: IsoDate): PublicAnnouncement[] {
  return all
    .filter((a) => (!a.startsOn || a.startsOn <= today) && (!a.endsOn || today <= a.endsOn))
    .sort((a, b) => ANNOUNCEMENT_SEVERITIES.indexOf(a.severity) - ANNOUNCEMENT_SEVERITIES.indexOf(b.severity) || b.updatedAt.localeCompare(a.updatedAt))
    .map((a) => ({ id: a.id, markdown: a.markdown, severity: a.severity }));
}
