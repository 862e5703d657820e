/** Why an import failed, as its job says it (the worker's failures and a job whose worker stopped without a word). */
export const IMPORT_FAILED = 'The import stopped because of an error on our side. Try again.';
export const FILE_DIFFERS = 'The uploaded file is not the one chosen (its SHA-256 differs). Upload it again.';
