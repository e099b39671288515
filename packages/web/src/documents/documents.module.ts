import { lazy } from 'react';
import type { WebModule } from '../app/web-module.ts';

const objectStorage = () => import('./ObjectStorageScreens.tsx');

/** Documents: the tenant's object storage, its containers and their objects. */
export const documentsModule: WebModule = {
  name: 'documents',
  toolScreens: {
    '/object-storage-containers': lazy(() =>
      objectStorage().then((m) => ({ default: m.ObjectStorageContainersScreen })),
    ),
    '/object-storage-container/:containerName': lazy(() =>
      objectStorage().then((m) => ({ default: m.ObjectStorageContainerScreen })),
    ),
  },
};
