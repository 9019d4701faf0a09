/** The open detail dialog is mirrored in the listing's address as `?exp=<slug>`. */
export const DETAIL_PARAM = 'exp'
