import type { CSSProperties, InputHTMLAttributes, ReactNode } from 'react';
import type { CatalogueNeed, NeedCategory } from '../contract';
import { categoryColor } from '../domain/categories/category-reads';
import { NeedPicture } from './need-picture';
import './catalogue-choices.css';

/** The catalogue's categories that have needs, by name: what the creation tunnel and the add-need form offer. */
export const offeredCategories = (categories: readonly NeedCategory[]) =>
  categories.filter((category) => category.needs?.length).sort((a, b) => a.name.localeCompare(b.name, 'fr'));

interface CatalogueChoicesProps {
  categories: readonly NeedCategory[];
  /** The input of one need's row: a checkbox in the tunnel (several needs), a radio in the add form (one). */
  input: (need: CatalogueNeed) => InputHTMLAttributes<HTMLInputElement>;
  /** Said after a need's name, such as "(déjà dans le village)". */
  note?: (need: CatalogueNeed) => ReactNode;
}

/** The catalogue as large rows grouped by category, each group edged in its category's colour. */
export function CatalogueChoices({ categories, input, note }: CatalogueChoicesProps) {
  return offeredCategories(categories).map((category) => (
    <fieldset
      key={category.id}
      className="need-choice-group"
      style={{ '--category-color': categoryColor(category.color) } as CSSProperties}
    >
      <legend>{category.name}</legend>
      {category.needs?.map((need) => (
        <label key={need.id} className="need-choice">
          <input {...input(need)} />
          <NeedPicture src={need.photo?.original_url ?? null} size={40} />
          <span>
            {need.name}
            {note?.(need)}
          </span>
        </label>
      ))}
    </fieldset>
  ));
}
