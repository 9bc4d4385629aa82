/**
 * The copyright year range, from the brand's launch year to the current year (spec §4):
 * '2019–2026', or a single year when they are the same (or the clock is behind the launch year).
 */
export function copyrightYears(launchYear: number, now: Date = new Date()): string {
  const currentYear = now.getFullYear();
  return currentYear > launchYear ? `${launchYear}–${currentYear}` : String(launchYear);
}
