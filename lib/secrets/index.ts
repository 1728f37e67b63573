/** Plugin secrets: stored encrypted, listed by name only, decrypted on demand for plugin calls. */
export {
  bindSecret,
  bindSecretFor,
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
export { loadPluginSecrets, loadSecretLookup } from "./load-secret-lookup";
export { checkSecretName, secretNameSchema } from "./secret-name";
export { allowedHostsSchema, checkAllowedHosts, MAX_ALLOWED_HOSTS } from "./allowed-hosts";
