import { callForFile } from '../../api/client';
import { exportMyData } from '../../contract/endpoints/exports';

/** Everything the service holds about me, as a ZIP. Never queued offline: the file is wanted now. */
export const downloadMyData = () => callForFile(exportMyData, {});

export const MY_DATA_FILE = 'mes-donnees-village.zip';
