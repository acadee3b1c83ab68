import { type SpaceFileUpload, spaceFileUploadSchema } from '@lumen/contract';
import { API_BASE_PATH, ApiError, apiErrorFromBody, HTTP_ERROR_CODE, NETWORK_ERROR_CODE } from '@/lib/api-client';
import { type SpaceMutationConfig, useSpaceMutation } from './use-space-mutation';

export type UploadSpaceFilesVariables = {
  spaceId: string;
  files: File[];
  /** The share of the request body sent so far, 0 to 100. */
  onProgress?: (percent: number) => void;
};

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * POST /api/spaces/:id/files (multipart, field `files`, several at once): resolves with the files stored and those
 * refused, each on its own; when every file is refused it rejects, the refusals in the error's `details.refused`.
 * XMLHttpRequest rather than fetch because only it reports upload progress; errors become the same ApiError the JSON
 * client throws.
 */
export function uploadSpaceFiles({ spaceId, files, onProgress }: UploadSpaceFilesVariables): Promise<SpaceFileUpload> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE_PATH}/spaces/${encodeURIComponent(spaceId)}/files`);
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      const data = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        const parsed = spaceFileUploadSchema.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError({ status: request.status, code: HTTP_ERROR_CODE, cause: parsed.error }));
        return;
      }
      reject(apiErrorFromBody(request.status, data));
    });
    request.addEventListener('error', () => reject(new ApiError({ status: 0, code: NETWORK_ERROR_CODE })));
    request.addEventListener('abort', () => reject(new ApiError({ status: 0, code: NETWORK_ERROR_CODE })));
    request.send(form);
  });
}

/** Uploads files into a space; the file list and the space's counts refetch afterwards. */
export function useUploadSpaceFiles(config?: SpaceMutationConfig<UploadSpaceFilesVariables, SpaceFileUpload>) {
  return useSpaceMutation(uploadSpaceFiles, config);
}
