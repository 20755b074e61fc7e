import { endpoint } from '../endpoint';

export const exportMyData = endpoint({
  name: 'exportMyData',
  method: 'GET',
  path: '/v1/users/me/export',
  summary: 'Everything about me as a ZIP: donnees.json, my slots as creneaux.ics and a LISEZ-MOI.txt (GDPR access and portability)',
  status: 200,
  answer: { raw: 'application/zip' },
});

export const exportVillage = endpoint({
  name: 'exportVillage',
  method: 'GET',
  path: '/v1/villages/{id}/export',
  summary: 'The village’s archive for its organisers as a ZIP: village.json, static HTML pages readable offline and the news photos',
  status: 200,
  answer: { raw: 'application/zip' },
});
