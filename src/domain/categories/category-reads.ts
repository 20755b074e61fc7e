import { useLiveQuery } from 'dexie-react-hooks';
import { db, type VillageDatabase } from '../../db/database';
import { DEFAULT_CATEGORY_COLOR } from '../../contract';

export const readCategories = (database: VillageDatabase) => database.categories.toArray();

export const useCategories = () => useLiveQuery(() => readCategories(db), []);

export const categoryColor = (color: string | null | undefined) => color || DEFAULT_CATEGORY_COLOR;
