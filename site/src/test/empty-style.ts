// Stylesheets have no meaning under jsdom.
export default {};
