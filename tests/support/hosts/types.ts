/** A host serving a built site on a loopback port, for the same route checks as `site serve`. */
export interface RunningHost {
  name: string;
  url: string;
  stop(): Promise<void>;
}
