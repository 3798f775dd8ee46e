// The one place the methodology version lives. Any change to detection output, resolution or
// encoding bumps it (a golden test pins the encoded output to it). Form: <name>-v<major>.<minor>.
export const METHODOLOGY_NAME = 'cbom-scan';
export const METHODOLOGY_VERSION = `${METHODOLOGY_NAME}-v1.12`;
