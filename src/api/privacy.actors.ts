// The user's own data as the my-data machine names its calls: the export's download and the erase.
import { fromPromise } from 'xstate';
import type { ExportDownload } from '../../machines/privacy/my-data.machine';
import { apiBaseUrl } from './client';
import { createExportLink, eraseMyData } from './privacy';

export const privacyActors = {
  prepareExport: fromPromise<ExportDownload, void>(async () => {
    const { path } = await createExportLink();
    // The name the server gives the file too (Content-Disposition): my-data-2026-05-01.json.
    return {
      url: new URL(path, apiBaseUrl()).toString(),
      fileName: `my-data-${new Date().toISOString().slice(0, 10)}.json`,
    };
  }),
  eraseAll: fromPromise<void, void>(() => eraseMyData()),
};
