import type { Journey } from '../harness.ts';
import { approvalsJourneys } from './approvals.ts';
import { authJourneys } from './auth.ts';
import { catalogueJourneys } from './catalogue.ts';
import { detailJourneys } from './detail.ts';
import { distributorLimitJourneys } from './distributor-limits.ts';
import { imagesJourneys } from './images.ts';
import { importExcelJourneys } from './import-excel.ts';
import { landingJourneys } from './landing.ts';
import { publicPages } from './public-pages.ts';
import { settingsJourneys } from './settings.ts';
import { shellJourneys } from './shell.ts';
import { usersJourneys } from './users.ts';

/**
 * Every journey, in the order they run; the import adds parts, so it follows those that count the
 * demo catalogue; the last-admin check of self-deletion stays last.
 */
export const journeys: Journey[] = [
  ...publicPages,
  ...authJourneys,
  ...shellJourneys,
  ...landingJourneys,
  ...usersJourneys,
  ...catalogueJourneys,
  // Before the detail journey's distributor search adds the first image: it checks the empty state.
  ...imagesJourneys,
  ...detailJourneys,
  ...approvalsJourneys,
  ...importExcelJourneys,
  // After the other distributor searches: the Digi-Key daily limit it meets stays for the day.
  ...distributorLimitJourneys,
  ...settingsJourneys,
];
