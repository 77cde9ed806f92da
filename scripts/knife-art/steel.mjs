// Gradient stops of each blade finish; blade() in parts.mjs picks one by the knife's `finish`.

export const STEEL = {
  satin: {
    flat: [
      [0, '#4d535a'],
      [0.06, '#cfd4d9'],
      [0.2, '#8d949b'],
      [0.45, '#b1b7bd'],
      [0.72, '#6e757c'],
      [1, '#8d949a'],
    ],
    grind: [
      [0, '#f7f9fa'],
      [0.22, '#c3c9ce'],
      [0.5, '#eef1f3'],
      [0.8, '#8a9198'],
      [1, '#5b626a'],
    ],
    swedge: [
      [0, '#ffffff'],
      [1, '#8c949b'],
    ],
    edge: '#f3f6f8',
    line: '#3b4046',
  },
  mirror: {
    flat: [
      [0, '#3c4249'],
      [0.1, '#f5f7f9'],
      [0.28, '#6d7680'],
      [0.42, '#1f2429'],
      [0.58, '#b9c1c9'],
      [0.8, '#ffffff'],
      [1, '#59616a'],
    ],
    grind: [
      [0, '#ffffff'],
      [0.35, '#5f6872'],
      [0.7, '#dfe5ea'],
      [1, '#3a4047'],
    ],
    swedge: [
      [0, '#ffffff'],
      [1, '#59616a'],
    ],
    edge: '#ffffff',
    line: '#1d2126',
  },
  dlc: {
    flat: [
      [0, '#1b1d20'],
      [0.1, '#5b6067'],
      [0.3, '#2f3338'],
      [0.6, '#45494f'],
      [1, '#1f2225'],
    ],
    grind: [
      [0, '#5a5f66'],
      [0.4, '#2a2d31'],
      [0.75, '#4b5057'],
      [1, '#202326'],
    ],
    swedge: [
      [0, '#6d727a'],
      [1, '#2a2d31'],
    ],
    edge: '#d9dde1',
    line: '#0d0e10',
  },
  stonewash: {
    flat: [
      [0, '#6b7075'],
      [0.12, '#b9bdc0'],
      [0.4, '#8e9397'],
      [0.7, '#a7abaf'],
      [1, '#73787d'],
    ],
    grind: [
      [0, '#d2d5d7'],
      [0.45, '#9a9fa3'],
      [1, '#777c81'],
    ],
    swedge: [
      [0, '#e4e6e8'],
      [1, '#8a8f94'],
    ],
    edge: '#eef1f3',
    line: '#3d4247',
  },
  copper: {
    flat: [
      [0, '#5e625f'],
      [0.08, '#e0e2dd'],
      [0.25, '#9ea29e'],
      [0.55, '#cfd2cd'],
      [0.8, '#858a86'],
      [1, '#b0b4af'],
    ],
    grind: [
      [0, '#f7f4ef'],
      [0.35, '#b0aca5'],
      [0.7, '#ebe7e0'],
      [1, '#7a7670'],
    ],
    swedge: [
      [0, '#ffffff'],
      [1, '#8e8a84'],
    ],
    edge: '#fbf6ee',
    line: '#3d3a36',
  },
};
