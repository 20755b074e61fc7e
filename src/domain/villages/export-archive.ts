import { callForFile } from '../../api/client';
import { exportVillage } from '../../contract/endpoints/exports';

/** A village's archive for its organisers, as a ZIP. Never queued offline: the file is wanted now. */
export const downloadVillageArchive = (villageId: string) => callForFile(exportVillage, { params: { id: villageId } });

export const VILLAGE_ARCHIVE_FILE = 'archive-du-village.zip';
