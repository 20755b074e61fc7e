/** "Jeanne Roy" → "JR": a person's place while there is no photo (the village cards, the village home). */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
