/** Stands in for the browser's EventSource: the test decides when it opens, speaks and fails. */
export class FakeEventSource extends EventTarget {
  static all: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '') {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}
