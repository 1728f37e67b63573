/** Plugin secrets: stored encrypted, listed by name only, decrypted on demand for plugin calls. */
export {
  putSecret,
  putSecretFor,
  deleteSecret,
  deleteSecretFor,
  listSecrets,
  listSecretsFor,
  listSecretsPage,
  listSecretsPageFor,
  secretAad,
  type SecretInfo,
} from "./secret-store";
export { loadSecretLookup } from "./load-secret-lookup";
export { checkSecretName, secretNameSchema } from "./secret-name";
