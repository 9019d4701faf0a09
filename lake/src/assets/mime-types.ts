// The types a content site usually stores; anything else is served as application/octet-stream.
const BY_EXTENSION: Record<string, string> = {
  avif: 'image/avif',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  webp: 'image/webp',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  json: 'application/json',
  ndjson: 'application/x-ndjson',
  zip: 'application/zip',
  gz: 'application/gzip',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  html: 'text/html',
  xml: 'application/xml',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  woff: 'font/woff',
  woff2: 'font/woff2',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}

const BY_MIME_TYPE: Record<string, string> = Object.fromEntries(
  Object.entries(BY_EXTENSION)
    .filter(([extension]) => !['jpeg', 'tif'].includes(extension))
    .map(([extension, mimeType]) => [mimeType, extension]),
)

export function mimeTypeForExtension(extension: string): string | undefined {
  return BY_EXTENSION[extension.toLowerCase()]
}

export function extensionForMimeType(mimeType: string): string | undefined {
  return BY_MIME_TYPE[mimeType.toLowerCase()]
}
