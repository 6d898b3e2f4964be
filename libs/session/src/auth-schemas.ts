// The sign-in pages' body schemas, loaded on demand (useApiForm's lazy `schema`): the pages start
// without zod, and validate with the contract's own schemas and messages once zod has arrived.
import { resetPasswordByToken, resetPasswordInstructions } from '@crm/contract';

export { signInBody } from '@crm/contract';
export const resetRequestBody = resetPasswordInstructions.body;
export const resetPasswordBody = resetPasswordByToken.body;
export { reauthenticateBody } from '@crm/contract';
export { restoreEmailChangeBody } from '@crm/contract';
