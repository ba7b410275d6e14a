// The demo's images are static files that the web app ships under `/demo-images/<name>.svg`
// (pictures 3:2, drawn at 1200 x 800); the seed only stores their URLs. The subjects say what to
// draw.

export const DEMO_IMAGES = {
  "nature-camp": "children building a hut in the woods",
  "multisport-camp": "balls, cones and a whistle on a sports hall floor",
  "theatre-camp": "a small stage with curtains and masks",
  "robotics-camp": "a small wheeled robot and a laptop",
  "music-class": "toddlers' percussion instruments",
  "pottery-class": "clay pots on a potter's wheel",
  "swimming-class": "a swimming pool lane with floats",
  "cooking-camp": "children's aprons, whisks and a mixing bowl",
  "football-camp": "a football on a pitch with goals",
  "tennis-class": "tennis rackets and balls on a court",
  "bundle-card": "a punch card with ten stamps",
  "camp-pack": "three camp tickets fanned out",
  "membership-card": "a club membership card",
  "gift-voucher": "a gift card with a ribbon",
  // Organiser logos: square, drawn at 512 x 512.
  "logo-petits-explorateurs": "logo of Les Petits Explorateurs: a compass with a leaf",
  "logo-riverside": "logo of Riverside Sports Club: a wave under a ball",
} as const;

export type DemoImageName = keyof typeof DEMO_IMAGES;

export const DEMO_IMAGE_NAMES = Object.keys(DEMO_IMAGES) as DemoImageName[];

export const DEMO_IMAGE_SIZE = { width: 1200, height: 800 } as const;

export const demoImageUrl = (name: DemoImageName) => `/demo-images/${name}.svg`;
