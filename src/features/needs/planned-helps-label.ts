/** "Aucune aide prévue", "1 aide prévue", "3 aides prévues". */
export function plannedHelpsLabel(count: number): string {
  if (count === 0) return 'Aucune aide prévue';
  return count === 1 ? '1 aide prévue' : `${count} aides prévues`;
}
