import * as v from 'valibot';
import { endpoint } from '../endpoint';
import { NeedCategory } from '../categories';

export const listCategories = endpoint({
  name: 'listCategories',
  method: 'GET',
  path: '/v1/need_categories',
  summary: 'The need catalogue’s categories (`include=needs` brings their needs)',
  query: v.object({ include: v.optional(v.string()) }),
  answer: { data: v.array(NeedCategory) },
});
