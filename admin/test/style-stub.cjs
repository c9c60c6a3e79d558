// Stylesheets carry no behaviour; jest cannot parse CSS.
module.exports = {};
