export default function stopCluster() {
  globalThis.postgresCluster?.stop();
}
