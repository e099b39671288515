import { basicCheck, type RegistrationCheck } from './registrations.ts';

/**
 * The registration check of the editor. The model's identifier rules (`checkRegistration`)
 * plug in here so that the web and the server refuse the same numbers.
 */
export const registrationCheck: RegistrationCheck = basicCheck;
